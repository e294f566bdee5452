#import <UIKit/UIKit.h>

// The layout in code: visual format lines as written, and each other constraint on its own.
@interface CrossViewViewController : UIViewController
@end

@implementation CrossViewViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    UIView *topGray = [[UIView alloc] init];
    topGray.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:topGray];
    UIView *bottomGray = [[UIView alloc] init];
    bottomGray.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:bottomGray];
    UIButton *topButton = [[UIButton alloc] init];
    topButton.translatesAutoresizingMaskIntoConstraints = NO;
    [topGray addSubview:topButton];
    UIButton *bottomButton = [[UIButton alloc] init];
    bottomButton.translatesAutoresizingMaskIntoConstraints = NO;
    [bottomGray addSubview:bottomButton];
    NSDictionary *views = NSDictionaryOfVariableBindings(topGray, bottomGray, topButton, bottomButton);
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-[topGray]-|" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-[bottomGray]-|" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:|-[topGray(100)]-[bottomGray(100)]" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-[topButton]" options:0 metrics:nil views:views]];
    [self.view addConstraint:[NSLayoutConstraint constraintWithItem:topButton attribute:NSLayoutAttributeCenterY relatedBy:NSLayoutRelationEqual toItem:topGray attribute:NSLayoutAttributeCenterY multiplier:1 constant:0]];
    [self.view addConstraint:[NSLayoutConstraint constraintWithItem:bottomButton attribute:NSLayoutAttributeCenterY relatedBy:NSLayoutRelationEqual toItem:bottomGray attribute:NSLayoutAttributeCenterY multiplier:1 constant:0]];
    [self.view addConstraint:[NSLayoutConstraint constraintWithItem:bottomButton attribute:NSLayoutAttributeLeading relatedBy:NSLayoutRelationEqual toItem:topButton attribute:NSLayoutAttributeTrailing multiplier:1 constant:0]];
}

@end
