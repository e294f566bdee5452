#import <UIKit/UIKit.h>

// The layout in code: visual format lines as written, and each other constraint on its own.
@interface CenteredViewController : UIViewController
@end

@implementation CenteredViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    UILabel *badThing = [[UILabel alloc] init];
    badThing.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:badThing];
    [self.view addConstraint:[NSLayoutConstraint constraintWithItem:badThing attribute:NSLayoutAttributeCenterX relatedBy:NSLayoutRelationEqual toItem:self.view attribute:NSLayoutAttributeCenterX multiplier:1 constant:0]];
    [self.view addConstraint:[NSLayoutConstraint constraintWithItem:badThing attribute:NSLayoutAttributeCenterY relatedBy:NSLayoutRelationEqual toItem:self.view attribute:NSLayoutAttributeCenterY multiplier:1 constant:0]];
}

@end
